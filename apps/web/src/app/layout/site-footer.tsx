import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { GitHubIcon, LinkedInIcon } from '../../components/icons';
import { useSession } from '../../lib/session';
import { NAV_LINKS } from './nav-links';
import { ShipToChooser } from './ship-to-chooser';
import { SizeSystemChooser } from './size-system-chooser';
import { safeProfileUrl, TEAM } from './team';
import { SHOP_NAME, Wordmark } from './wordmark';

/**
 * The footer. 'Sign up' is for guests only: it shows once the session says nobody is signed in. The server
 * renders the page as its visitor with the session fetched (decision 16), so a signed-in visitor's page
 * comes without it and the browser takes it over unchanged; a page the browser renders alone shows it
 * only after the session has answered, never a link that then disappears.
 */
export function SiteFooter() {
  const { user, loading } = useSession();
  const guest = !loading && !user;
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row gx-4 gy-5">
          <div className="col-12 col-lg-4">
            <Link to="/" className="text-decoration-none" aria-label={`${SHOP_NAME}, home`}>
              <Wordmark className="site-footer__wordmark" />
            </Link>
            <p className="site-footer__tagline">
              Sneakers for the court, the street and the track, from nike, adidas, converse, vans, champion,
              gucci and more.
            </p>
            {guest ? (
              <Link to="/register" className="btn btn-accent rounded-pill px-4">
                Sign up
              </Link>
            ) : null}
          </div>
          <nav className="col-6 col-lg-2" aria-label="Footer">
            <h2 className="site-footer__heading">Shop</h2>
            <ul className="list-unstyled site-footer__list">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
              {guest ? (
                <li>
                  <Link to="/register">Sign up</Link>
                </li>
              ) : null}
            </ul>
          </nav>
          <section className="col-12 col-lg-6" aria-labelledby="footer-team">
            <h2 className="site-footer__heading" id="footer-team">
              Made by a team of {TEAM.length} developers
            </h2>
            <ul className="list-unstyled site-footer__team">
              {TEAM.map((member, index) => {
                const who = member.name?.trim() || member.role;
                const github = safeProfileUrl(member.github);
                const linkedin = safeProfileUrl(member.linkedin);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the config has no ids and roles may repeat
                  <li key={index} className="site-footer__member">
                    <span className="site-footer__member-text">
                      {member.name?.trim() ? <span className="d-block text-white">{member.name}</span> : null}
                      <span>{member.role}</span>
                    </span>
                    {github || linkedin ? (
                      <span className="site-footer__social">
                        {github ? (
                          <SocialLink href={github} label={`${who} on GitHub`} icon={<GitHubIcon />} />
                        ) : null}
                        {linkedin ? (
                          <SocialLink href={linkedin} label={`${who} on LinkedIn`} icon={<LinkedInIcon />} />
                        ) : null}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>
        </div>
        <div className="site-footer__bottom">
          <span>© 2023 {SHOP_NAME}</span>
          <div className="site-footer__choosers">
            <ShipToChooser />
            <SizeSystemChooser />
          </div>
          <span>Secure checkout with card or wallet</span>
        </div>
      </div>
    </footer>
  );
}

/** A team member's profile elsewhere, in a new tab, shown as the site's icon. */
function SocialLink({ href, label, icon }: { href: string; label: string; icon: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener" aria-label={label}>
      {icon}
    </a>
  );
}
