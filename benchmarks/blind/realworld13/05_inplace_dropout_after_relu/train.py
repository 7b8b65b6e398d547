import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from dataset import DISDataset
from model.MVANet import MVANet

torch.manual_seed(0)

lr_gen = 1e-4
batch_size = 4
epochs = 3

print('Generator Learning Rate: {}'.format(lr_gen))
generator = MVANet()
generator.train()
generator_optimizer = torch.optim.Adam(generator.parameters(), lr_gen)

train_loader = DataLoader(DISDataset(), batch_size=batch_size, shuffle=True)

for epoch in range(1, epochs + 1):
    running = 0.0
    for images, gts in train_loader:
        sal = generator(images)
        loss = F.binary_cross_entropy_with_logits(sal, gts)
        generator_optimizer.zero_grad()
        loss.backward()
        generator_optimizer.step()
        running += loss.item()
    print('epoch {} loss {:.4f}'.format(epoch, running / len(train_loader)))
