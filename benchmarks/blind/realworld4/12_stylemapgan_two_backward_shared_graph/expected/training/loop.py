import torch


def requires_grad(model, flag=True):
    for p in model.parameters():
        p.requires_grad = flag


def sample_data(loader):
    while True:
        for batch in loader:
            yield batch


def train(args, loader, model, g_optim, d_optim, e_optim):
    loader = sample_data(loader)
    for idx in range(args.iter):
        real_img = next(loader)

        # Train Discriminator
        requires_grad(model.generator, False)
        requires_grad(model.encoder, False)
        requires_grad(model.discriminator, True)
        d_loss = model(real_img, "D")
        d_optim.zero_grad()
        d_loss.backward()
        d_optim.step()

        # Train Encoder and Generator
        requires_grad(model.discriminator, False)
        requires_grad(model.encoder, True)
        requires_grad(model.generator, True)

        x_rec_loss = model(real_img, "E_x_rec")
        e_optim.zero_grad()
        g_optim.zero_grad()
        (x_rec_loss * args.lambda_x_rec_loss).backward()
        e_optim.step()
        g_optim.step()

        adv_loss, w_rec_loss, stylecode = model(None, "G")
        adv_loss = adv_loss.mean()
        w_rec_loss = w_rec_loss.mean()
        g_loss = adv_loss * args.lambda_adv_loss
        g_w_rec_loss = g_loss + w_rec_loss * args.lambda_w_rec_loss

        g_optim.zero_grad()
        e_optim.zero_grad()
        g_w_rec_loss.backward()
        e_optim.step()
        g_optim.step()

        if idx % 10 == 0:
            print("iter {}: d {:.4f}; g {:.4f}; x_rec {:.4f}; w_rec {:.4f}".format(
                idx, d_loss.item(), adv_loss.item(), x_rec_loss.item(), w_rec_loss.item()))
