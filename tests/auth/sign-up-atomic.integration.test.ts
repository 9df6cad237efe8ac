import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { AuthBrowser, linkInOutbox, PASSWORD, uniqueEmail } from "../helpers/auth-session";

// Sign-up writes the user, their password account, the merchant (keys, gateways), its organization
// and the ownership in one transaction. A real database refusal at the LAST step (the ownership
// row) must leave none of them behind. The refusal is a trigger on the Member table that fails
// for this file's addresses only, so other test files on the same database are not touched.
const REFUSED = `refused-${Date.now().toString(36)}`;
const TRIGGER = `refuse_${REFUSED.replace(/-/g, "_")}`;

beforeAll(async () => {
  await db().$executeRawUnsafe(
    `CREATE FUNCTION ${TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
       IF EXISTS (SELECT 1 FROM "User" WHERE id = NEW."userId" AND email LIKE '${REFUSED}%') THEN
         RAISE EXCEPTION 'membership refused for this test';
       END IF;
       RETURN NEW;
     END $$`,
  );
  await db().$executeRawUnsafe(`CREATE TRIGGER ${TRIGGER} BEFORE INSERT ON "Member" FOR EACH ROW EXECUTE FUNCTION ${TRIGGER}()`);
});

const dropTrigger = async () => {
  await db().$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${TRIGGER} ON "Member"`);
  await db().$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${TRIGGER}()`);
};
afterAll(dropTrigger);

describe("sign-up is all or nothing", () => {
  it("leaves no user, account, session, merchant or organization when the merchant cannot be opened, and the person can sign up again", async () => {
    const email = `${REFUSED}-${uniqueEmail("x")}`;
    const businessName = `Refused shop ${REFUSED}`;
    const counts = async () => ({
      merchants: await db().merchant.count({ where: { name: businessName } }),
      organizations: await db().organization.count({ where: { name: businessName } }),
      users: await db().user.count({ where: { email } }),
      accounts: await db().account.count({ where: { user: { email } } }),
      sessions: await db().session.count({ where: { user: { email } } }),
      members: await db().member.count({ where: { user: { email } } }),
    });

    const failed = await new AuthBrowser().post("/sign-up/email", { name: "Refused", email, password: PASSWORD, businessName });
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ code: "MERCHANT_NOT_CREATED" });
    expect(await counts()).toEqual({ merchants: 0, organizations: 0, users: 0, accounts: 0, sessions: 0, members: 0 });
    // The verification mail is sent only once the transaction commits: none went out.
    expect(await db().outboxMail.count({ where: { to: email } })).toBe(0);

    await dropTrigger();
    const browser = new AuthBrowser();
    const again = await browser.post("/sign-up/email", { name: "Refused", email, password: PASSWORD, businessName });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await browser.get(await linkInOutbox(email, /Confirm/))).toMatchObject({ status: 302 });
    expect(await counts()).toEqual({ merchants: 1, organizations: 1, users: 1, accounts: 1, sessions: 1, members: 1 });
    const member = await db().member.findFirstOrThrow({ where: { user: { email } }, include: { organization: { include: { merchant: { include: { apiKeys: true } } } } } });
    expect(member.role).toBe("owner");
    // No key yet: the first is made, and shown once, on the Developers page (lib/features/api-keys/first-keys.ts).
    expect(member.organization.merchant.apiKeys).toHaveLength(0);
  });
});
