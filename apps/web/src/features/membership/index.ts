/**
 * The membership screens for the route table (product.md §2): each a dynamic import, so each stays a chunk of its own
 * and this module adds only the loaders to the app's chunk (decision 020).
 */
export const loadPricingScreen = () => import('./components/pricing-screen');
export const loadPaymentSuccessScreen = () => import('./components/payment-success-screen');
export const loadMembershipScreen = () => import('./components/membership-screen');
export const loadBillingScreen = () => import('./components/billing-screen');
export const loadDemoCheckoutScreen = () => import('./components/demo-checkout-screen');
