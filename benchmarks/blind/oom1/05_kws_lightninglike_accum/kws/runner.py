import torch
from torch.utils.data import DataLoader, random_split

from kws.data import ChirpClips


class Runner:
    def __init__(self, hp):
        self.hp = hp
        torch.manual_seed(hp.seed)
        full = ChirpClips(hp.n_clips + 64, hp.sample_rate, hp.n_keywords, hp.seed)
        train_set, val_set = random_split(full, [hp.n_clips, 64])
        self.train_loader = DataLoader(train_set, batch_size=hp.batch_size, shuffle=True)
        self.val_loader = DataLoader(val_set, batch_size=32)

    def fit(self, module):
        opt, sched = module.configure_optimizers()
        accum = self.hp.accumulate_grad_batches
        global_step = 0
        for epoch in range(self.hp.max_epochs):
            module.train()
            opt.zero_grad()
            for i, batch in enumerate(self.train_loader):
                loss = module.training_step(batch) / accum
                loss.backward()
                if (i + 1) % accum == 0 or (i + 1) == len(self.train_loader):
                    opt.step()
                    opt.zero_grad()
                    sched.step()          # one LR step per optimizer step
                    global_step += 1
                    print(f"step {global_step} loss {loss.item() * accum:.4f} lr {sched.get_last_lr()[0]:.2e}")
            module.eval()
            correct = sum(module.validation_step(b) for b in self.val_loader)
            print(f"epoch {epoch} val_acc {float(correct) / len(self.val_loader.dataset):.3f}")
