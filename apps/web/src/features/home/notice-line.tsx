import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SoundIcon } from './icons.js';

interface Line {
  id: number;
  noticeName: string;
}

/** The scrolling notice line: one notice at a time, the next every 3 seconds (spec 1 §9); a tap opens it. */
export function NoticeLine({ notices }: { notices: Line[] }) {
  const [index, setIndex] = useState(0);
  const navigate = useNavigate();
  useEffect(() => {
    if (notices.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % notices.length), 3000);
    return () => clearInterval(timer);
  }, [notices.length]);

  const current = notices[index % Math.max(1, notices.length)];
  if (!current) return null;
  return (
    <div className="notice-roll" role="marquee" aria-label="公告">
      <span className="notice-roll-icon">
        <SoundIcon />
      </span>
      <button key={current.id} type="button" className="notice-roll-text" onClick={() => navigate(`/notice?id=${current.id}`)}>
        {current.noticeName}
      </button>
    </div>
  );
}
