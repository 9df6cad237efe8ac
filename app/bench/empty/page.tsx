// The framework's own baseline for `npm run bench:checkout`: an (almost) empty page of this same
// build, so the checkout's weight and speed are measured as a difference. One line of text,
// because Lighthouse cannot score a page that paints nothing.
export default function EmptyPage() {
  return <p>.</p>;
}
