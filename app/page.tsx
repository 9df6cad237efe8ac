import { getTranslations } from "next-intl/server";
import "./home.css";

// The site's front door: a merchant finds the way to sign up or sign in, a developer the API reference.
export default async function HomePage() {
  const [t, f] = await Promise.all([getTranslations("home"), getTranslations("firstSteps")]);
  return (
    <main className="home-main">
      <h1>{t("title")}</h1>
      <p>{t("tagline")}</p>
      <section aria-labelledby="home-merchants">
        <h2 id="home-merchants">{f("homeMerchants")}</h2>
        <p className="home-actions">
          <a className="home-button home-button-primary" href="/dashboard/sign-up">
            {f("homeSignUp")}
          </a>
          <a className="home-button" href="/dashboard/sign-in">
            {f("homeSignIn")}
          </a>
        </p>
      </section>
      <section aria-labelledby="home-developers">
        <h2 id="home-developers">{f("homeDevelopers")}</h2>
        <p>{t("sandbox")}</p>
        <p>
          <a href="/docs">{t("docs")}</a>
        </p>
      </section>
    </main>
  );
}
