import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Page tests wait on mocked fetches and debounced searches; on a busy CI machine the default
// 1 s for findBy/waitFor is too tight and fails tests that are right.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
