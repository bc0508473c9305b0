// Loaded by /silent-check-sso.html inside the hidden iframe used for silent sign-in.
// An external file (not inline) so a strict Content-Security-Policy can forbid inline scripts.
(function () {
  if (window.parent === window) return;
  // keycloak-js expects the bare URL string.
  window.parent.postMessage(location.href, location.origin);
  // oidc-client-ts (signinSilent / automatic renew) expects this envelope; it is what
  // UserManager.signinSilentCallback() would post, without loading the library here.
  window.parent.postMessage({ source: 'oidc-client', url: location.href, keepOpen: false }, location.origin);
})();
