import { Link } from 'react-router-dom';
import { buttonClassName } from '@caucus/design-system';
import { DashboardPreview } from '../components/DashboardPreview';
import styles from './Page.module.css';
import home from './HomePage.module.css';

const FEATURES = [
  { icon: '◎', title: 'Donor & voter CRM', text: 'Every supporter with their contact details, relationships, notes and full giving history.' },
  { icon: '$', title: 'Campaign finance hub', text: 'Goals, pledges and donations per campaign, with progress that stays current.' },
  { icon: '★', title: 'Events & rallies', text: 'Plan fundraisers, rallies and meetings, in person or virtual.' },
  { icon: '☰', title: 'List segmentation', text: 'Static lists you curate and smart lists that follow your rules.' },
  { icon: '▤', title: 'Analytics & FEC reporting', text: 'See what is working and keep the records your filings need.' },
  { icon: '⇄', title: 'Integrations', text: 'Email, CRM, payment, accounting and messaging tools, connected.' },
];

const STEPS = [
  { title: 'Choose a plan', text: 'From $100/month for one user to $500/month for ten, every plan with unlimited contacts.' },
  { title: 'Bring your people in', text: 'Import your donor file from CSV, XLS or XLSX; Caucus matches the columns for you.' },
  { title: 'Raise, organize, report', text: 'Run campaigns and events, track every pledge and donation, and keep FEC-ready records.' },
];

const ORGANIZATIONS = [
  'Political campaigns',
  'Nonprofits',
  '501(c) organizations',
  'Grassroots organizers',
  'Educational institutions',
  'Community organizations',
  'Businesses',
];

export function HomePage() {
  return (
    <>
      <section className={styles.hero}>
        <div className={`${styles.heroInner} ${home.heroGrid}`}>
          <div>
            <p className={styles.eyebrow}>Fundraising &amp; campaign management</p>
            <h1 className={styles.title}>Caucus: raise more, organize better, win together</h1>
            <p className={styles.lead}>
              One workspace for your donors, campaigns, events and compliance, built for political campaigns, nonprofits
              and the organizers behind them.
            </p>
            <div className={styles.ctaRow}>
              <Link to="/signup" className={`${buttonClassName({ variant: 'secondary', size: 'lg' })} ${styles.ctaInverse}`}>
                Get Started
              </Link>
              <Link to="/demo" className={`${buttonClassName({ variant: 'ghost', size: 'lg' })} ${styles.ctaOutline}`}>
                Request a Demo
              </Link>
            </div>
          </div>
          <DashboardPreview />
        </div>
      </section>

      <section className={styles.container} aria-labelledby="features-title">
        <h2 id="features-title" className={styles.sectionTitle}>
          Everything your team needs
        </h2>
        <p className={styles.sectionLead}>From the first donor to the final filing, Caucus keeps your work connected.</p>
        <div className={styles.grid}>
          {FEATURES.map((feature) => (
            <div key={feature.title} className={styles.tile}>
              <div className={styles.tileIcon} aria-hidden="true">
                {feature.icon}
              </div>
              <h3 className={styles.tileTitle}>{feature.title}</h3>
              <p className={styles.tileText}>{feature.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className={styles.container} aria-labelledby="how-title">
        <h2 id="how-title" className={styles.sectionTitle}>
          Up and running in an afternoon
        </h2>
        <p className={styles.sectionLead}>No consultants, no migration project: most teams import their file and launch a campaign on day one.</p>
        <ol className={styles.grid}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={styles.tile}>
              <div className={styles.tileIcon} aria-hidden="true">
                {index + 1}
              </div>
              <h3 className={styles.tileTitle}>{step.title}</h3>
              <p className={styles.tileText}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.band} aria-labelledby="organizations-title">
        <div className={styles.container}>
          <h2 id="organizations-title" className={styles.sectionTitle}>
            Built for every kind of organization
          </h2>
          <p className={styles.sectionLead}>Whatever your mission, Caucus fits the way you raise money and mobilize people.</p>
          <ul className={home.chips}>
            {ORGANIZATIONS.map((organization) => (
              <li key={organization} className={home.chip}>
                {organization}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.container}>
        <div className={styles.banner}>
          <div>
            <h2>Start your campaign today</h2>
            <p>Plans from $100/month with unlimited contacts and a 30-day money-back guarantee.</p>
          </div>
          <div className={home.bannerActions}>
            <Link to="/signup" className={`${buttonClassName({ variant: 'secondary', size: 'lg' })} ${styles.ctaInverse}`}>
              Get Started
            </Link>
            <Link to="/demo" className={`${buttonClassName({ variant: 'ghost', size: 'lg' })} ${styles.ctaOutline}`}>
              See a Demo
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
