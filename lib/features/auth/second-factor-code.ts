/** better-auth's backup codes: ten letters and digits in two groups of five (two-factor/backup-codes, generateBackupCodesFn). */
export const BACKUP_CODE = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;
