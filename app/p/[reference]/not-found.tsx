import { PaymentPageNotFound } from "@/components/checkout/checkout-not-found";
import "../../pay/[reference]/checkout.css";

// The page's own notFound(), should its read disagree with proxy.ts's check (which answers unknown
// pages before the page is drawn, through app/not-found.tsx).
export default PaymentPageNotFound;
