import re


class SimpleTokenizer:
    """Word-level tokenizer with a BERT-like encode_plus interface."""

    pad_token_id = 0
    cls_token_id = 1
    sep_token_id = 2
    unk_token_id = 3

    def __init__(self, corpus, vocab_size, do_lower_case=True):
        self.do_lower_case = do_lower_case
        counts = {}
        for text in corpus:
            for w in self._split(text):
                counts[w] = counts.get(w, 0) + 1
        words = sorted(counts, key=lambda w: (-counts[w], w))[:vocab_size - 4]
        self.vocab = {w: i + 4 for i, w in enumerate(words)}

    def _split(self, text):
        if self.do_lower_case:
            text = text.lower()
        return re.findall(r"[a-z']+|[.,!?]", text)

    def encode_plus(self, text, text_pair=None, add_special_tokens=True, max_length=None,
                    padding=False, truncation=False):
        ids = [self.vocab.get(w, self.unk_token_id) for w in self._split(text)]
        if add_special_tokens:
            ids = [self.cls_token_id] + ids + [self.sep_token_id]
        if truncation and max_length is not None and len(ids) > max_length:
            ids = ids[:max_length - 1] + [self.sep_token_id]
        mask = [1] * len(ids)
        if padding == "max_length":
            target = max_length
        elif padding is True or padding == "longest":
            target = len(ids)
        else:
            target = len(ids)
        pad = target - len(ids)
        return {
            "input_ids": ids + [self.pad_token_id] * pad,
            "attention_mask": mask + [0] * pad,
            "token_type_ids": [0] * (len(ids) + pad),
        }
