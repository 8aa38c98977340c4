// Async boundary: shared singletons (react, router, jotai, ...) are negotiated before bootstrap runs.
void import('./bootstrap');
