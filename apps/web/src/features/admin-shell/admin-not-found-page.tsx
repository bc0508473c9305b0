import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';

/** Unknown admin URLs stay inside the console, with a way back. */
export default function AdminNotFoundPage() {
  return (
    <section className="py-16 text-center">
      <title>Not found · SRO Admin</title>
      <p className="font-mono text-sm tracking-[0.3em] text-neon-pink">ERROR 404</p>
      <h1 className="mt-3 text-2xl font-bold text-white">This admin page does not exist</h1>
      <p className="mt-2 text-slate-300">The link may be outdated, or the screen is not built yet.</p>
      <Link to="/admin" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to the dashboard
      </Link>
    </section>
  );
}
