/**
 * The code a second-factor form posted (components/dashboard/second-factor-fields.tsx): the app's
 * code, else a backup code, without the spaces people type; "" when neither was given.
 */
export function postedSecondFactor(form: FormData): string {
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.replace(/\s/g, "") : "";
  };
  return read("code") || read("backupCode");
}
