import { useState } from 'react';
import { TextField } from '@caucus/design-system';
import { BLOG_CATEGORIES, BLOG_POSTS } from '../content/blog';
import { PageHero } from './PageHero';
import styles from './BlogPage.module.css';

/** /blog and /case-studies share this page (docs/product/screens.md, Public site). */
export function BlogPage() {
  const [category, setCategory] = useState<string | null>(null);
  const [newsletterEmail, setNewsletterEmail] = useState('');
  const posts = category ? BLOG_POSTS.filter((post) => post.category === category) : BLOG_POSTS;

  return (
    <>
      <PageHero
        eyebrow="Resources"
        title="Blog & Case Studies"
        lead="Practical advice and real stories from campaigns, nonprofits and community organizations that raise money and organize people with Caucus."
      />
      <div className={styles.layout}>
        <div className={styles.posts}>
          {posts.map((post) => (
            <article key={post.slug} className={styles.post} aria-labelledby={`post-${post.slug}`} data-category={post.category}>
              <p className={styles.meta}>
                <span className={styles.tag}>{post.kind}</span>
                <span>{post.category}</span>
                <span aria-hidden="true">·</span>
                <span>{post.date}</span>
                <span aria-hidden="true">·</span>
                <span>{post.readingMinutes} min read</span>
              </p>
              <h2 id={`post-${post.slug}`} className={styles.postTitle}>
                {post.title}
              </h2>
              <p className={styles.excerpt}>{post.excerpt}</p>
              <ul className={styles.takeaways}>
                {post.takeaways.map((takeaway) => (
                  <li key={takeaway}>{takeaway}</li>
          ))}
              </ul>
            </article>
          ))}
        </div>
        <aside className={styles.sidebar} aria-label="Blog sidebar">
          <nav className={styles.box} aria-labelledby="categories-title">
            <h2 id="categories-title" className={styles.boxTitle}>
              Categories
            </h2>
            <ul className={styles.categories}>
              <li>
                <button type="button" className={styles.category} aria-pressed={category === null} onClick={() => setCategory(null)} data-category="">
                  All posts <span className={styles.count}>{BLOG_POSTS.length.toLocaleString('en-US')}</span>
                </button>
              </li>
              {BLOG_CATEGORIES.map((name) => (
                <li key={name}>
                  <button type="button" className={styles.category} aria-pressed={category === name} onClick={() => setCategory(name)} data-category={name}>
                    {name} <span className={styles.count}>{BLOG_POSTS.filter((post) => post.category === name).length}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.box}>
            <h2 className={styles.boxTitle}>Newsletter</h2>
            <p className={styles.muted}>One email every two weeks with new guides, case studies and compliance reminders.</p>
            {/* The newsletter box has no submit: there is no newsletter sender (docs/product/screens.md, Public site). */}
            <TextField
              label="Email address"
              hideLabel
              type="email"
              placeholder="you@organization.org"
              value={newsletterEmail}
              onChange={(event) => setNewsletterEmail(event.target.value)}
            />
          </div>
        </aside>
      </div>
    </>
  );
}
