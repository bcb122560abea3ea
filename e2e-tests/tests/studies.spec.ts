import { expect, test } from "@playwright/test";

const studies = ["Sosnoski 2010", "XINS 2007", "WSO2 2010"];

test("the studies page lists the three studies, each with its seed article and a start button", async ({
  page,
}) => {
  // Opened by URL, not through the nav link, so the backend's fallback for client routes is checked too.
  await page.goto("/studies");
  await expect(
    page.getByRole("heading", { level: 1, name: "Studies" }),
  ).toBeVisible();
  const list = page.getByRole("list", { name: "Studies" });
  await expect(list.getByRole("listitem")).toHaveCount(studies.length);
  for (const name of studies) {
    const study = list
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 2, name }) });
    await expect(study).toContainText("Seed article:");
    await expect(
      study.getByRole("button", { name: `Start study: ${name}` }),
    ).toBeEnabled();
  }

  await list.getByRole("link", { name: "WSO2 2010" }).click();
  await expect(page).toHaveURL(/\/studies\/wso2-2010$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Study: WSO2 2010" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Definition" })).toBeVisible();
});

test("starting a study first shows what it would cost, with its repetitions, and asks for confirmation", async ({
  page,
}) => {
  await page.goto("/studies");
  await page
    .getByRole("button", { name: "Start study: Sosnoski 2010" })
    .click();
  const confirmation = page.getByRole("group", { name: "Start Sosnoski 2010" });
  await expect(
    confirmation.getByText(/^Start \d+ runs?, at most .+ of worker time/),
  ).toBeVisible();
  const first = await confirmation.locator(".estimate-line").innerText();

  // More repetitions cost more: the estimate follows the field.
  await confirmation.getByLabel("Repetitions").fill("20");
  await expect(confirmation.locator(".estimate-line")).not.toHaveText(first);

  // Nothing starts until Confirm: Cancel leaves the study as it was.
  await confirmation.getByRole("button", { name: "Cancel" }).click();
  await expect(confirmation).toHaveCount(0);
  const latest = await (
    await page.request.get("/api/v1/studies/sosnoski-2010")
  ).json();
  expect(latest.latestRun ?? null).toBeNull();
});
