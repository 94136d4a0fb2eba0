// The listing page's forms (and the payment estimate's fields), one chunk that the page loads as the visitor nears them (index.tsx).
export { ContactForm } from './ContactForm';
export { FinancingForm } from './FinancingForm';
export { PaymentEstimate } from './PaymentEstimate';
