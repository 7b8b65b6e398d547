import time

import torch
from torch.utils.data import DataLoader

from asr.data.toy_speech import ToySpeech, collate
from asr.engine.ctc_loss import CTCCriterion
from asr.model.ctc_model import ConvLSTMEncoderCTC


def greedy_decode(logits, lens, blank=0):
    hyps = []
    for seq, n in zip(logits.argmax(-1), lens):
        out, prev = [], blank
        for s in seq[:n].tolist():
            if s != prev and s != blank:
                out.append(s)
            prev = s
        hyps.append(out)
    return hyps


def edit_distance(a, b):
    d = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        prev, d[0] = d[0], i
        for j in range(1, len(b) + 1):
            prev, d[j] = d[j], min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] != b[j - 1]))
    return d[len(b)]


class Executor:
    def __init__(self, conf, seed=0):
        torch.manual_seed(seed)
        self.conf = conf
        d = conf["data"]
        mk = lambda n, s: ToySpeech(n, d["vocab"], d["feat_dim"], d["frames_per_symbol"], seed=s)
        bs = conf["optim"]["batch_size"]
        self.train_dl = DataLoader(mk(d["n_train"], 1), batch_size=bs, shuffle=True, collate_fn=collate)
        self.dev_dl = DataLoader(mk(d["n_dev"], 2), batch_size=bs, collate_fn=collate)
        self.model = ConvLSTMEncoderCTC(d["feat_dim"], d["vocab"], **conf["model"])
        self.criterion = CTCCriterion()
        self.opt = torch.optim.Adam(self.model.parameters(), lr=conf["optim"]["lr"])
        self.amp_dtype = getattr(torch, conf["amp"]["dtype"])

    def autocast(self):
        return torch.autocast("cpu", dtype=self.amp_dtype, enabled=self.conf["amp"]["enabled"])

    def train_epoch(self):
        self.model.train()
        for feats, feat_lens, targets, target_lens in self.train_dl:
            with self.autocast():
                logits, out_lens = self.model(feats, feat_lens)
            # CTC is numerically delicate: keep it out of the autocast region
            loss = self.criterion(logits, out_lens, targets, target_lens)
            self.opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.conf["optim"]["grad_clip"])
            self.opt.step()
        return loss.item()

    @torch.no_grad()
    def dev_cer(self):
        self.model.eval()
        errs = total = 0
        for feats, feat_lens, targets, target_lens in self.dev_dl:
            with self.autocast():
                logits, out_lens = self.model(feats, feat_lens)
            refs = torch.split(targets, target_lens.tolist())
            for hyp, ref in zip(greedy_decode(logits, out_lens), refs):
                errs += edit_distance(hyp, ref.tolist())
                total += len(ref)
        return errs / total

    def run(self):
        for ep in range(self.conf["optim"]["epochs"]):
            t0 = time.time()
            loss = self.train_epoch()
            print(f"epoch {ep}: ctc {loss:.3f}  dev CER {self.dev_cer():.3f}  ({time.time() - t0:.1f}s)")
