import torch
import torch.nn as nn
import torch.nn.functional as F

from attention import PAM_CAM_Layer


class DAF_stack(nn.Module):
    def __init__(self, num_classes=4):
        super(DAF_stack, self).__init__()
        self.down = nn.Sequential(
            nn.Conv2d(1, 64, kernel_size=3, padding=1),
            nn.BatchNorm2d(64),
            nn.PReLU(),
        )
        self.pam_attention_1_1 = PAM_CAM_Layer(64, True)
        self.cam_attention_1_1 = PAM_CAM_Layer(64, False)
        self.predict = nn.Conv2d(64, num_classes, kernel_size=1)

    def forward(self, x):
        fused = self.down(x)
        attn_pam = self.pam_attention_1_1(torch.cat((fused, fused), 1))
        attn_cam = self.cam_attention_1_1(torch.cat((fused, fused), 1))
        return self.predict(attn_pam + attn_cam)


def runTraining():
    print('-' * 40)
    print('~~~~~~~~  Starting the training... ~~~~~~')
    print('-' * 40)
    torch.manual_seed(0)
    images = torch.randn(8, 1, 32, 32)
    labels = torch.randint(0, 4, (8, 32, 32))

    print('~~~~~~~~~~~ Creating the DAF Stacked model ~~~~~~~~~~')
    net = DAF_stack()
    optimizer = torch.optim.Adam(net.parameters(), lr=0.001)

    for i in range(5):
        net.train()
        optimizer.zero_grad()
        segmentation_prediction = net(images)
        loss = F.cross_entropy(segmentation_prediction, labels)
        loss.backward()
        optimizer.step()
        print('Epoch {} loss: {:.4f}'.format(i, loss.item()))


if __name__ == '__main__':
    runTraining()
