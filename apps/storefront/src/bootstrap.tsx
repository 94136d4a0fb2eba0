import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Base styles first, so component styles (in their own files) come later in the cascade.
import './styles.css';
import { App } from './App';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
