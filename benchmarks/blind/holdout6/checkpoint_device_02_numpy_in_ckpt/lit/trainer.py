import torch


class MiniTrainer:
    """A tiny Lightning-style loop: module implements training_step / validation_step /
    configure_optimizers; datamodule provides loaders and an optional state_dict()."""

    def __init__(self, max_epochs=1, callbacks=(), grad_clip=None, accumulate_grad_batches=1, precision="32"):
        self.max_epochs = max_epochs
        self.callbacks = list(callbacks)
        self.grad_clip = grad_clip
        self.accumulate = accumulate_grad_batches
        self.autocast = precision == "bf16-mixed"
        self.current_epoch = 0
        self.global_step = 0

    @property
    def checkpoint_callback(self):
        for cb in self.callbacks:
            if hasattr(cb, "best_model_path"):
                return cb
        return None

    def save_checkpoint(self, path):
        ckpt = {
            "epoch": self.current_epoch,
            "global_step": self.global_step,
            "state_dict": self.module.state_dict(),
            "optimizer_states": [self.optimizer.state_dict()],
            "hyper_parameters": dict(self.module.hparams),
        }
        if self.datamodule is not None and hasattr(self.datamodule, "state_dict"):
            ckpt["datamodule"] = self.datamodule.state_dict()
        torch.save(ckpt, path)

    def _run_val(self, module, loader):
        module.eval()
        outs = []
        with torch.no_grad():
            for batch in loader:
                outs.append(module.validation_step(batch))
        module.train()
        keys = outs[0].keys()
        return {k: float(sum(o[k] for o in outs) / len(outs)) for k in keys}

    def fit(self, module, datamodule):
        self.module, self.datamodule = module, datamodule
        datamodule.setup("fit")
        self.optimizer = module.configure_optimizers()
        train_dl, val_dl = datamodule.train_dataloader(), datamodule.val_dataloader()
        module.train()
        for epoch in range(self.max_epochs):
            self.current_epoch = epoch
            self.optimizer.zero_grad()
            for i, batch in enumerate(train_dl):
                with torch.autocast("cpu", dtype=torch.bfloat16, enabled=self.autocast):
                    loss = module.training_step(batch)
                (loss / self.accumulate).backward()
                if (i + 1) % self.accumulate == 0:
                    if self.grad_clip:
                        torch.nn.utils.clip_grad_norm_(module.parameters(), self.grad_clip)
                    self.optimizer.step()
                    self.optimizer.zero_grad()
                    self.global_step += 1
            metrics = self._run_val(module, val_dl)
            print(f"epoch {epoch}: " + ", ".join(f"{k}={v:.4f}" for k, v in metrics.items()))
            for cb in self.callbacks:
                cb.on_train_epoch_end(self, module)
                cb.on_validation_end(self, module, metrics)

    def test(self, module, datamodule, ckpt_path=None):
        if ckpt_path == "best":
            ckpt_path = self.checkpoint_callback.best_model_path
        if ckpt_path is not None:
            ckpt = torch.load(ckpt_path, map_location="cpu")
            module.load_state_dict(ckpt["state_dict"])
            if "datamodule" in ckpt and hasattr(datamodule, "load_state_dict"):
                datamodule.load_state_dict(ckpt["datamodule"])
            print(f"restored weights from {ckpt_path}")
        datamodule.setup("test")
        metrics = self._run_val(module, datamodule.test_dataloader())
        print("test: " + ", ".join(f"{k}={v:.4f}" for k, v in metrics.items()))
        return metrics
