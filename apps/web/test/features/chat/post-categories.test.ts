import { describe, expect, it } from "vitest";
import { postCategoriesOf } from "../../../src/features/chat/post-categories";

describe("the categories a conversation is posted under", () => {
  it("are empty when no category was chosen (the picker shows 'general' by default)", () => {
    expect(postCategoriesOf(undefined, undefined)).toEqual([]);
    expect(postCategoriesOf(undefined, "general")).toEqual([]);
  });

  it("are the category chosen now, even 'general'", () => {
    expect(postCategoriesOf("technology", "general")).toEqual(["technology"]);
    expect(postCategoriesOf("general", "health")).toEqual(["general"]);
  });

  it("are the category the conversation was sent under, when one was chosen then", () => {
    expect(postCategoriesOf(undefined, "education")).toEqual(["education"]);
  });
});
