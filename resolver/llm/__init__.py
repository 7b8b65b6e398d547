"""The LLM fallback: the client, the context it is shown, the patches it answers, its prompts."""
