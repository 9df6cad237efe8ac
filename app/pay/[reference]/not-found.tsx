import { CheckoutNotFound } from "@/components/checkout/checkout-not-found";
import "./checkout.css";

// The page's own notFound(), should its read disagree with proxy.ts's check (which answers unknown
// references before the page is drawn, through app/not-found.tsx).
export default CheckoutNotFound;
