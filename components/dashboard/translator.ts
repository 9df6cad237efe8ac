import type { getTranslations } from "next-intl/server";

/**
 * A catalog namespace's translator, as a page got it: the page's sections take theirs as props and
 * draw synchronously, so the page's answer is whole when it returns (tests read it without rendering).
 */
export type Translator = Awaited<ReturnType<typeof getTranslations>>;
