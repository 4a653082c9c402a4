// Optional accounts: log in, register, log out (a session cookie; the name is remembered too).
import { api, rememberName } from "./api.js";
import { loadCatalog, t } from "./i18n.js";

const form = document.getElementById("account-form");
const message = document.getElementById("account-message");

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const action = event.submitter?.value || "login";
  const body = { name: form.name.value.trim(), password: form.password.value };
  try {
    const me = await api("POST", action === "register" ? "/api/accounts" : "/api/login", body);
    rememberName(me.name);
    if (me.notice) alert(me.notice);  // the account was renamed: another had its name but for case (issue 38)
    const next = new URLSearchParams(location.search).get("next") || "";  // a page of this site only (/direttore)
    location.href = /^\/(?![/\\])/.test(next) ? next : `/players/${encodeURIComponent(me.name)}`;
  } catch (error) {
    message.textContent = error.message;
  }
});

document.getElementById("logout").addEventListener("click", async () => {
  await api("POST", "/api/logout", {}).catch(() => null);
  message.textContent = t("You are logged out.");
});

loadCatalog();
