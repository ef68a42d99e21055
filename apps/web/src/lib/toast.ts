/**
 * The one `toast` of the app. It comes from react-hot-toast's headless entry because the styled
 * entry injects a <style> element at run time, which the production Content-Security-Policy
 * (style-src 'self') blocks; our <Toaster> (components/ui/toaster.tsx) renders the toasts with
 * Tailwind classes instead. Both entries keep separate stores: always import `toast` from here.
 */
export { toast } from 'react-hot-toast/headless';
