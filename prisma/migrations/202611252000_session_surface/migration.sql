-- Support-view sessions are marked apart from dashboard sessions (lib/admin/staff-auth.ts).
-- Existing sessions belong to the dashboard, so staff sign in again once at /admin.
ALTER TABLE "Session" ADD COLUMN "surface" TEXT;
