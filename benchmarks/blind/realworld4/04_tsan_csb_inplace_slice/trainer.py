import torch


class Trainer():
    def __init__(self, args, loader, my_model, my_loss):
        self.args = args
        self.scale = args.scale
        self.loader_train = loader.loader_train
        self.model = my_model
        self.loss = my_loss
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=args.lr, betas=(0.9, 0.999), eps=1e-8)
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=200, gamma=0.5)
        self.epoch = 0

    def train(self):
        self.epoch += 1
        lr = self.scheduler.get_last_lr()[0]
        print('[Epoch {}]\tLearning rate: {:.2e}'.format(self.epoch, lr))
        self.model.train()

        total = 0.0
        for batch, (lr_img, hr_img) in enumerate(self.loader_train):
            self.optimizer.zero_grad()
            sr = self.model(lr_img, 0)
            loss = self.loss(sr, hr_img)
            loss.backward()
            self.optimizer.step()
            total += loss.item()
            if (batch + 1) % self.args.print_every == 0:
                print('[{}/{}]\tL1: {:.4f}'.format(
                    (batch + 1) * self.args.batch_size, len(self.loader_train.dataset), total / (batch + 1)))
        self.scheduler.step()

    def terminate(self):
        return self.epoch >= self.args.epochs
