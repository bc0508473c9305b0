import { Logo } from '../../components/logo';
import { GITHUB_URL, YOUTUBE_URL } from './social-links';

const LINKS = [
  { name: 'GitHub', href: GITHUB_URL, icon: '/icons/github.svg' },
  { name: 'YouTube', href: YOUTUBE_URL, icon: '/icons/youtube.svg' },
];

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-white/10 bg-night-950">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 py-10 sm:px-6 md:flex-row md:justify-between lg:px-8">
        <div className="flex items-center gap-3">
          <Logo className="h-7 w-auto" />
          <p className="text-sm text-slate-300">© {year} SRO. All rights reserved.</p>
        </div>
        <ul className="flex gap-4" aria-label="Community">
          {LINKS.map(({ name, href, icon }) => (
            <li key={name}>
              <a href={href} className="flex items-center gap-2 rounded text-sm text-slate-300 hover:text-white" rel="noreferrer" target="_blank">
                {/* Static icon files keep these paths out of the landing JavaScript. */}
                <img src={icon} alt="" width={20} height={20} loading="lazy" />
                {name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
