// GET /docs - the API reference, rendered by Scalar from the same OpenAPI document as /api/v4/openapi.json
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ApiReferenceView } from "@/components/docs/api-reference-view";
import { DocsHeader } from "@/components/docs/docs-header";
import { publicBaseUrl } from "@/lib/core/domain/public-base-url";
import { pageOrigin } from "@/lib/surfaces/http/page-request";
import { openApiDocument } from "@/lib/surfaces/api-routes/route-table";
import "./docs.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("docs");
  return { title: `${t("reference")} - ${t("title")}` };
}

export default async function ApiReferencePage() {
  const origin = publicBaseUrl(await pageOrigin());
  // JSON round trip: the client component receives plain data, not zod-openapi's objects.
  const document = JSON.parse(JSON.stringify(openApiDocument(origin))) as Record<string, unknown>;
  const t = await getTranslations("docs");
  return (
    <>
      <DocsHeader path="/docs" />
      <main className="docs-reference">
        <h1 className="visually-hidden">{t("reference")}</h1>
        <ApiReferenceView document={document} locale={await getLocale()} />
      </main>
    </>
  );
}
