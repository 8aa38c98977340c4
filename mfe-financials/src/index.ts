// Async boundary: shared singletons (react, router, design system) resolve before any app code runs.
import('./bootstrap');
