// Async boundary: shared singletons (react, router, design system) resolve before any app code runs.
void import('./bootstrap');
