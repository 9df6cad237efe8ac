/**
 * The mark of a support-view session in `Session.surface` (null for the dashboard's). Its own
 * module so command-line scripts, which cannot load the server-only auth instances, can use it.
 */
export const STAFF_SURFACE = "admin";
