// Spec §2.17: the attempted path is logged to the browser console as a 404 error.
console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
