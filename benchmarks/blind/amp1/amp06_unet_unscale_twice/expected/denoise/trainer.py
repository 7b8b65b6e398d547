import torch
import torch.nn.functional as F

from .utils import clip_gradients, psnr


class DenoiseTrainer:
    def __init__(self, model, cfg):
        torch.manual_seed(cfg["seed"])
        self.cfg = cfg
        self.device_type = "cuda" if torch.cuda.is_available() else "cpu"
        self.amp_dtype = torch.float16 if self.device_type == "cuda" else torch.bfloat16
        self.model = model.to(self.device_type)
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
        self.scaler = torch.amp.GradScaler(self.device_type, enabled=cfg["amp"])
        self.global_step = 0

    def _grad_stats(self):
        norms = [p.grad.detach().norm() for p in self.model.parameters() if p.grad is not None]
        total = torch.linalg.vector_norm(torch.stack(norms)).item()
        return {"grad_norm": total, "scale": self.scaler.get_scale()}

    def train_step(self, noisy, clean):
        noisy, clean = noisy.to(self.device_type), clean.to(self.device_type)
        self.model.train()
        with torch.autocast(self.device_type, dtype=self.amp_dtype, enabled=self.cfg["amp"]):
            pred = self.model(noisy)
            loss = F.l1_loss(pred.float(), clean)
        self.optimizer.zero_grad(set_to_none=True)
        self.scaler.scale(loss).backward()
        if self.cfg["max_grad_norm"]:
            clip_gradients(self.model, self.optimizer, self.scaler, self.cfg["max_grad_norm"])
        stats = self._grad_stats() if self.global_step % self.cfg["log_every"] == 0 else None
        self.scaler.step(self.optimizer)
        self.scaler.update()
        self.global_step += 1
        return loss.item(), stats

    @torch.no_grad()
    def validate(self, loader):
        self.model.eval()
        vals = []
        for noisy, clean in loader:
            with torch.autocast(self.device_type, dtype=self.amp_dtype, enabled=self.cfg["amp"]):
                pred = self.model(noisy.to(self.device_type))
            vals.append(psnr(pred.clamp(0, 1.5), clean.to(self.device_type)))
        return sum(vals) / len(vals)

    def fit(self, train_dl, val_dl, epochs):
        for epoch in range(epochs):
            running = 0.0
            for i, (noisy, clean) in enumerate(train_dl):
                loss, stats = self.train_step(noisy, clean)
                running += loss
                if stats is not None:
                    print(f"  step {self.global_step}: grad_norm={stats['grad_norm']:.3f} scale={stats['scale']:.0f}")
            print(f"epoch {epoch}: loss={running / (i + 1):.4f} val_psnr={self.validate(val_dl):.2f}dB")
