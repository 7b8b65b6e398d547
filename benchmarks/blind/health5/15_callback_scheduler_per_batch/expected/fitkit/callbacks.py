class Callback:
    def on_train_begin(self, state): pass
    def on_batch_end(self, state): pass
    def on_epoch_end(self, state): pass


class LRSchedulerCallback(Callback):
    """Drives a torch lr_scheduler from the fit loop."""

    def __init__(self, scheduler):
        self.scheduler = scheduler

    def on_epoch_end(self, state):
        self.scheduler.step()


class GradNormMonitor(Callback):
    def on_batch_end(self, state):
        state.setdefault("grad_norms", []).append(state["grad_norm"])


class ProgressPrinter(Callback):
    def on_epoch_end(self, state):
        gn = state.get("grad_norms", [0.0])
        print(f"epoch {state['epoch']:>2} loss {state['epoch_loss']:.4f} "
              f"lr {state['optimizer'].param_groups[0]['lr']:.3e} mean|g| {sum(gn) / len(gn):.3f}")
        state["grad_norms"] = []
