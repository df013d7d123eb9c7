import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from 'react-error-boundary';
import { App } from './App';
import { WindowFailed } from './shell/Failed';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary FallbackComponent={WindowFailed}>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
