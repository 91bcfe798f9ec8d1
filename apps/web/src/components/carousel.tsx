import { Children, useEffect, useRef, useState, type ReactNode } from 'react';
import './carousel.css';

interface Props {
  /** Names the carousel for screen readers (and tests). */
  label: string;
  children: ReactNode;
  /** Move to the next slide every so many ms (spec 1 §9 banners: 3000); paused while touched. */
  autoplayMs?: number;
  /** Dots under the slides, or '2/5' in the corner. */
  indicator?: 'dots' | 'count';
  className?: string;
}

/**
 * A swipeable carousel on CSS scroll snap: no gesture library, so /home stays within its first-screen budget.
 * Autoplay wraps from the last slide to the first.
 */
export function Carousel({ label, children, autoplayMs, indicator = 'dots', className = '' }: Props) {
  const slides = Children.toArray(children);
  const track = useRef<HTMLDivElement>(null);
  const touching = useRef(false);
  const [index, setIndex] = useState(0);
  const count = slides.length;

  useEffect(() => {
    if (!autoplayMs || count < 2) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || touching.current || document.hidden || el.clientWidth === 0) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % count;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, autoplayMs);
    return () => clearInterval(timer);
  }, [autoplayMs, count]);

  return (
    <section className={`carousel ${className}`} aria-roledescription="carousel" aria-label={label}>
      <div
        className="carousel-track"
        ref={track}
        // Reachable by keyboard, so arrow keys scroll the slides (WCAG 2.1.1, axe scrollable-region-focusable).
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth > 0) setIndex(Math.min(count - 1, Math.round(el.scrollLeft / el.clientWidth)));
        }}
        onTouchStart={() => (touching.current = true)}
        onTouchEnd={() => (touching.current = false)}
      >
        {slides.map((slide, i) => (
          <div className="carousel-slide" key={i} aria-roledescription="slide" aria-label={`${i + 1}/${count}`} aria-hidden={i !== index} inert={i !== index}>
            {slide}
          </div>
        ))}
      </div>
      {count > 1 && indicator === 'dots' && (
        <div className="carousel-dots" aria-hidden="true">
          {slides.map((_, i) => (
            <span key={i} className={i === index ? 'active' : undefined} />
          ))}
        </div>
      )}
      {count > 1 && indicator === 'count' && (
        <div className="carousel-count" aria-hidden="true">
          {index + 1}/{count}
        </div>
      )}
    </section>
  );
}
