import type { ComponentProps } from "react";
import { FirstKeyForm } from "./first-key-form";
import { secretLabels } from "./developers-api-keys";
import type { Translator } from "./translator";

type Props = {
  create: ComponentProps<typeof FirstKeyForm>["action"];
  /** Where "continue" leads once the key and secret were shown: the Developers page itself. */
  continueHref: string;
  /** The webhook signing secret was never shown: the first key's answer shows it too. */
  secretNeverShown: boolean;
  /** The environment's name for people ("test", "live"). */
  environmentName: string;
  t: Translator;
  /** The firstSteps namespace. */
  f: Translator;
};

/** A merchant's first API key in one step, with the signing secret when it was never shown. */
export function DevelopersFirstKey({ create, continueHref, secretNeverShown, environmentName, t, f }: Props) {
  const { shownOnce } = secretLabels(t, f);
  return (
    <section className="dash-card dash-first-steps" aria-labelledby="first-key">
      <h2 id="first-key">{f("firstKeyHeading")}</h2>
      <p>{f("firstKeyIntro", { environment: environmentName })}</p>
      {secretNeverShown ? <p>{f("firstKeySecret")}</p> : null}
      <FirstKeyForm
        action={create}
        continueHref={continueHref}
        labels={{
          name: t("developers.name"),
          defaultName: f("firstKeyName"),
          submit: f("firstKeySubmit"),
          done: f("firstKeyDone"),
          continue: f("firstKeyContinue"),
          key: shownOnce(f("keyTitle", { environment: environmentName })),
          secret: shownOnce(f("secretTitle")),
        }}
      />
    </section>
  );
}
