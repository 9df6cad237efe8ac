-- Support staff move onto better-auth: a staff member is a User with a staffRole, signing in with a
-- credential Account. Staff rows are copied KEEPING their ids (AuditEntry.staffId and
-- Transfer.reviewedBy keep pointing at the same person), their scrypt hashes are copied as they are
-- (lib/auth/legacy-staff-password.ts still verifies that format). Staff sessions are not carried
-- over: staff sign in again once.

-- DropForeignKey
ALTER TABLE "StaffSession" DROP CONSTRAINT "StaffSession_staffId_fkey";

-- DropForeignKey
ALTER TABLE "AuditEntry" DROP CONSTRAINT "AuditEntry_staffId_fkey";

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "disabledAt" TIMESTAMP(3),
ADD COLUMN     "mustChangePassword" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "staffRole" "StaffRole";

-- A staff e-mail that is already a dashboard user: that user becomes the staff member (one
-- person, one account). Their audit entries and reviews move to the id of the user, who keeps the
-- password they already have, or gets the staff one if they had none.
UPDATE "AuditEntry" a SET "staffId" = u."id" FROM "Staff" s JOIN "User" u ON u."email" = s."email" WHERE a."staffId" = s."id";
UPDATE "Transfer" t SET "reviewedBy" = u."id" FROM "Staff" s JOIN "User" u ON u."email" = s."email" WHERE t."reviewedBy" = s."id";
UPDATE "User" u SET "staffRole" = s."role", "disabledAt" = s."disabledAt", "mustChangePassword" = false, "emailVerified" = true
  FROM "Staff" s WHERE u."email" = s."email";
INSERT INTO "Account" ("id", "accountId", "providerId", "userId", "password", "createdAt", "updatedAt")
  SELECT 'acc_' || s."id", u."id", 'credential', u."id", s."passwordHash", s."createdAt", CURRENT_TIMESTAMP
  FROM "Staff" s JOIN "User" u ON u."email" = s."email"
  WHERE NOT EXISTS (SELECT 1 FROM "Account" c WHERE c."userId" = u."id" AND c."providerId" = 'credential');

-- Every other staff member: a new user with the staff id, and its credential account.
INSERT INTO "User" ("id", "name", "email", "emailVerified", "staffRole", "mustChangePassword", "disabledAt", "createdAt", "updatedAt")
  SELECT s."id", split_part(s."email", '@', 1), s."email", true, s."role", s."mustChangePassword", s."disabledAt", s."createdAt", CURRENT_TIMESTAMP
  FROM "Staff" s WHERE NOT EXISTS (SELECT 1 FROM "User" u WHERE u."email" = s."email");
INSERT INTO "Account" ("id", "accountId", "providerId", "userId", "password", "createdAt", "updatedAt")
  SELECT 'acc_' || s."id", s."id", 'credential', s."id", s."passwordHash", s."createdAt", CURRENT_TIMESTAMP
  FROM "Staff" s JOIN "User" u ON u."id" = s."id";

-- DropTable
DROP TABLE "StaffSession";

-- DropTable
DROP TABLE "Staff";

-- AddForeignKey
ALTER TABLE "AuditEntry" ADD CONSTRAINT "AuditEntry_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
