import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadingState } from '../../ui/page-state';
import { useSignOut } from './use-session';

/** /logout: ends the session on the server and here, then shows login. */
export default function LogoutPage() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  // StrictMode runs effects twice in development; one revocation is enough.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().then(() => navigate('/auth/login', { replace: true }));
  }, [navigate, signOut]);
  return <LoadingState fullPage />;
}
