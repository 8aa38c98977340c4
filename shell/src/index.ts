// Async boundary: shared singletons (react, router, jotai, ...) are negotiated before bootstrap runs.
import('./bootstrap');
