// What every part of the page shares: finding an element, the page's
// state for the tests (`body[data-state]`), the problem line, and one
// request to the server with its status and JSON body.

export const $ = (id) => document.getElementById(id);

export function setState(state) {
  document.body.dataset.state = state;
}

export function problem(text) {
  const node = $("problem");
  node.textContent = text || "";
  node.hidden = !text;
}

// One request; its status and its JSON body (an error message when the
// server could not be reached).
export async function request(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  try {
    const response = await fetch(path, init);
    return { status: response.status, body: await response.json() };
  } catch (error) {
    return { status: 0, body: { type: "error", message: `delve serve can not be reached (${error.message}): is it still running?` } };
  }
}
