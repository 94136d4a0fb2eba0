// The listing page's forms, one chunk that the page loads as the visitor nears them (index.tsx).
export { ContactForm } from './ContactForm';
export { FinancingForm } from './FinancingForm';
