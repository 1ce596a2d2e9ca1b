import { useEffect, useState } from 'react';

/** Seconds left until a moment, ticking each second: for "new code in 42 s". */
export function useCountdown(): { secondsLeft: number; start(seconds: number): void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return {
    secondsLeft: Math.max(0, Math.ceil((until - now) / 1000)),
    start(seconds: number) {
      const time = Date.now();
      setNow(time);
      setUntil(time + seconds * 1000);
    },
  };
}
