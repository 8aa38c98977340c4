import { Route, Routes } from 'react-router-dom';
import { ContactPage } from './contact/ContactPage';
import { SignupPage } from './signup/pages/SignupPage';
import { SignupSuccessPage } from './signup/pages/SignupSuccessPage';
import { PublicLayout } from './site/components/PublicLayout';
import { CONTENT_PAGES } from './site/content/pages';
import { BlogPage } from './site/pages/BlogPage';
import { ContentPageView } from './site/pages/ContentPageView';
import { HomePage } from './site/pages/HomePage';
import { NotFoundPage } from './site/pages/NotFoundPage';
import { PricingPage } from './site/pages/PricingPage';
import { StatusPage } from './site/pages/StatusPage';

/**
 * The public site. The shell sends every path that is not the dashboard or an auth page here,
 * so these routes see full paths (/, /pricing, ...). It uses the shell's router and providers.
 * The shell already sets document titles and sends page views for every path, so pages here do not.
 */
export function Section() {
  return (
    <Routes>
      {/* Standalone routes: no shared header and footer (docs/product/screens.md, Standalone pages). */}
      <Route path="signup" element={<SignupPage />} />
      {/* The page-title map names /signup-new (Sign Up) beside /signup: the same signup (docs/product/screens.md, Page-title map). */}
      <Route path="signup-new" element={<SignupPage />} />
      <Route path="signup/success" element={<SignupSuccessPage />} />
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="status" element={<StatusPage />} />
        <Route path="blog" element={<BlogPage />} />
        <Route path="case-studies" element={<BlogPage />} />
        {Object.entries(CONTENT_PAGES).map(([path, page]) => (
          <Route key={path} path={path} element={<ContentPageView page={page} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export default Section;
