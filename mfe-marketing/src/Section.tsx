import { Route, Routes } from 'react-router-dom';
import { PublicLayout } from './site/components/PublicLayout';
import { CONTENT_PAGES } from './site/content/pages';
import { ContentPageView } from './site/pages/ContentPageView';
import { HomePage } from './site/pages/HomePage';
import { NotFoundPage } from './site/pages/NotFoundPage';
import { PricingPage } from './site/pages/PricingPage';
import { SignupPage } from './site/pages/SignupPage';

/**
 * The public site. The shell sends every path that is not the dashboard or an auth page here,
 * so these routes see full paths (/, /pricing, ...). It uses the shell's router and providers.
 */
export function Section() {
  return (
    <Routes>
      <Route path="signup" element={<SignupPage />} />
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route path="pricing" element={<PricingPage />} />
        {Object.entries(CONTENT_PAGES).map(([path, page]) => (
          <Route key={path} path={path} element={<ContentPageView page={page} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export default Section;
