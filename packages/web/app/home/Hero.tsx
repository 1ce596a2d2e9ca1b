import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Slide } from '@wl/contracts';
import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';
import { Icon } from '../shared/ui/icons';
import { orderedCategories } from '../frame/Navigation';
import type { HeroVariant } from './sections';
import { useT } from '../i18n/use-t';
import { useScreenTitle } from '../i18n/screen-titles';

/** How long a slide stays before the carousel moves on (paused on hover, focus and reduced motion). */
const SLIDE_INTERVAL_MS = 6000;

/** A slide's link: a site path through the router (in the page's locale), an absolute URL as is. */
function SlideLink({ slide, children }: { slide: Slide; children: ReactNode }) {
  const { to } = useLocale();
  if (!slide.link) return <div className="slide__frame">{children}</div>;
  if (slide.link.startsWith('/')) {
    return (
      <Link to={to(slide.link)} className="slide__frame">
        {children}
      </Link>
    );
  }
  return (
    <a href={slide.link} className="slide__frame" target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function SlideImage({ slide, eager }: { slide: Slide; eager: boolean }) {
  return (
    <img
      className="slide__image"
      src={slide.image_url}
      alt={slide.title}
      width={1200}
      height={400}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : 'auto'}
    />
  );
}

/**
 * Slides in a scroll-snapping track: swipe and scroll work without script; arrows and dots move
 * it, and it advances by itself unless the player hovers, focuses it or prefers reduced motion.
 */
function Carousel({ slides }: { slides: Slide[] }) {
  const { t } = useT();
  const track = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  const go = useCallback(
    (index: number) => {
      const element = track.current;
      if (!element) return;
      const target = (index + count) % count;
      element.scrollTo({ left: target * element.clientWidth, behavior: 'smooth' });
    },
    [count],
  );

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const onScroll = () => setActive(Math.round(element.scrollLeft / Math.max(1, element.clientWidth)));
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (paused || count < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) go(active + 1);
    }, SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [active, paused, count, go]);

  return (
    <div
      className="carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul className="carousel__track" ref={track}>
        {slides.map((slide, index) => (
          <li key={slide.id} className="slide">
            <SlideLink slide={slide}>
              <SlideImage slide={slide} eager={index === 0} />
            </SlideLink>
          </li>
        ))}
      </ul>
      {count > 1 ? (
        <>
          <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label={t('home.previousSlide')} onClick={() => go(active - 1)}>
            <Icon name="chevronLeft" />
          </button>
          <button type="button" className="carousel__arrow carousel__arrow--next" aria-label={t('home.nextSlide')} onClick={() => go(active + 1)}>
            <Icon name="chevronRight" />
          </button>
          <div className="carousel__dots">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                className="carousel__dot"
                aria-label={t('home.goToSlide', { index: index + 1, count })}
                aria-current={index === active ? 'true' : undefined}
                onClick={() => go(index)}
              />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** The home's welcome panel (split heroes): the page's visible h1 and the lead category. */
function Welcome({ state }: { state: ReadySite }) {
  const screenTitle = useScreenTitle();
  const { t } = useT();
  const { to } = useLocale();
  const categories = orderedCategories(state.content.game_menu, state.family);
  const lead = categories[0];
  return (
    <div className="hero__intro">
      <p className="hero__eyebrow">{t('home.heroEyebrow', { currency: state.site.currency, categories: categories.length })}</p>
      <h1 className="hero__title">{t('home.pageTitle', { siteName: state.site.site_name })}</h1>
      <p className="hero__lead">{t('home.heroLead')}</p>
      <div className="hero__actions">
        {lead ? (
          <Link to={to(lead.path)} className="btn btn--primary btn--large">
            {t('home.explore', { title: screenTitle(lead.path, lead.title) })}
          </Link>
        ) : null}
        <Link to={to('/promotions')} className="btn btn--outline btn--large">
          {t('home.promotions')}
        </Link>
      </div>
    </div>
  );
}

/** The home's slides in the template's hero variant. */
export function Hero({ state, slides, variant }: { state: ReadySite; slides: Slide[]; variant: HeroVariant }) {
  const { t } = useT();
  if (variant === 'split') {
    return (
      <section className="hero hero--split" aria-label={t('home.slides')}>
        <Welcome state={state} />
        {slides.length ? <Carousel slides={slides} /> : null}
      </section>
    );
  }
  if (!slides.length) return null;
  if (variant === 'mosaic' || variant === 'strip') {
    const shown = variant === 'mosaic' ? slides.slice(0, 3) : slides;
    return (
      <section className={`hero hero--${variant}`} aria-label={t('home.slides')}>
        <ul className="hero__grid">
          {shown.map((slide, index) => (
            <li key={slide.id} className="slide">
              <SlideLink slide={slide}>
                <SlideImage slide={slide} eager={index === 0} />
              </SlideLink>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section className={`hero hero--${variant}`} aria-label={t('home.slides')}>
      {variant === 'full' ? <div className="hero__backdrop" style={{ backgroundImage: `url("${slides[0]?.image_url ?? ''}")` }} aria-hidden="true" /> : null}
      <Carousel slides={slides} />
    </section>
  );
}
