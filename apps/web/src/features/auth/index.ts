/** The login and signup screens for the route table (product.md §2): dynamic imports, chunks of their own (decision 020). */
export const loadLoginScreen = () => import('./components/login-screen');
export const loadSignupScreen = () => import('./components/signup-screen');
/** The page a one-time password reset link opens (decision 037). */
export const loadResetPasswordScreen = () => import('./components/reset-password-screen');
