// The header: the logged-in player's name (optional accounts), the language switch remembered.
import { api } from "./api.js";
import { loadCatalog, t } from "./i18n.js";

async function showAccount() {
  await loadCatalog();
  const link = document.getElementById("nav-account");
  try {
    const me = await api("GET", "/api/me");
    if (me && me.name) {
      link.textContent = t("{name} (your page)", { name: me.name });
      link.href = `/players/${encodeURIComponent(me.name)}`;
    }
  } catch { /* no accounts on this server: the login link stays */ }
}

for (const a of document.querySelectorAll(".langs a")) {
  a.addEventListener("click", () => { document.cookie = `tavolo.lang=${a.dataset.lang}; path=/; max-age=31536000; samesite=lax`; });
}
showAccount();
